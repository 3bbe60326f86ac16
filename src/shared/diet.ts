// The Indian dietary marks (issue 16) and Veg mode. Every dish carries one mark: veg (green), egg
// (egg but no meat or fish) or non-veg. Veg mode, a switch in the header kept in the `veg_mode`
// cookie (so a server-rendered first page agrees with the app), hides egg and non-veg dishes and the
// restaurants that serve no veg dish, on every page that lists them.

export type Diet = 'veg' | 'egg' | 'non_veg';

export const DIET_LABEL: Record<Diet, string> = { veg: 'Veg', egg: 'Egg', non_veg: 'Non-veg' };

export function dietOf(dish: { is_veg: boolean; is_egg: boolean }): Diet {
  return dish.is_veg ? 'veg' : dish.is_egg ? 'egg' : 'non_veg';
}

/** The cookie that keeps Veg mode on ('1') across visits; absent when off. */
export const VEG_MODE_COOKIE = 'veg_mode';

/** Whether a dish shows while Veg mode is on (search suggestions of a restaurant have no mark: null). */
export const showsInVegMode = (dish: { is_veg: boolean | null }): boolean => dish.is_veg !== false;

/** Whether a restaurant shows while Veg mode is on: it serves at least one veg dish. */
export const servesVegMode = (restaurant: { serves_veg: boolean }): boolean => restaurant.serves_veg;
