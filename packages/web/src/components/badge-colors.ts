/**
 * The 'expiring soon' and 'locked' badges: a dark orange that keeps 4.5:1 with white at the badges' 10-12 px text,
 * filled or outlined (Mantine's orange.9, #d9480f, gives 4.29:1 and failed axe on the recipient's benefits).
 */
export const WARNING_BADGE_COLOR = '#a63c06';
