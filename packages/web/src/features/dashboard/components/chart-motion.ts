import { CHART_ANIMATION_MS } from '@ebt/core/dashboard';
import { useMediaQuery } from '@mantine/hooks';

/**
 * B§9's chart animation, off when the person asks the system for reduced motion (WCAG 2.3.3, issue 23): recharts'
 * props for a bar or a pie. Read at the first render, so a chart never starts an animation it would have to stop.
 */
export function useChartAnimation(): { isAnimationActive: boolean; animationDuration: number } {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', undefined, { getInitialValueInEffect: false });
  return reduced
    ? { isAnimationActive: false, animationDuration: 0 }
    : { isAnimationActive: true, animationDuration: CHART_ANIMATION_MS };
}
