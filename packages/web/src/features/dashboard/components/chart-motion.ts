import { CHART_ANIMATION_MS } from '@ebt/core/dashboard';
import { useMediaQuery } from '@mantine/hooks';

/**
 * B§9's chart animation, off when the person asks the system for reduced motion (WCAG 2.3.3): recharts'
 * props for a bar or a pie. Read at the first render, so a chart never starts an animation it would have to stop.
 */
export function useChartAnimation(): ChartAnimation {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', undefined, { getInitialValueInEffect: false });
  return reduced
    ? { isAnimationActive: false, animationDuration: 0 }
    : { isAnimationActive: true, animationDuration: CHART_ANIMATION_MS };
}

interface ChartAnimation {
  isAnimationActive: boolean;
  animationDuration: number;
}

/**
 * The attribute a chart's frame carries with the duration its drawing was given (0: no animation). Recharts animates
 * in script, not CSS, so the page cannot be asked whether it moves; e2e/a11y-kit.spec.ts reads this instead.
 */
export function chartMotionAttribute(animation: ChartAnimation): { 'data-animation-ms': number } {
  return { 'data-animation-ms': animation.isAnimationActive ? animation.animationDuration : 0 };
}
