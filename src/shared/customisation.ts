// Item customisation rules (issue 16), one copy for the client's sheet (which explains them before
// asking) and the server (which enforces them at add-to-cart and again at order creation, when the
// menu may have changed since). Free of zod so client chunks can import it.

export interface ItemOption {
  id: number;
  name: string;
  /** Paise added to the dish's price. */
  price: number;
  in_stock: boolean;
}

export interface OptionGroup {
  id: number;
  /** e.g. "Size", "Add-ons". */
  name: string;
  /** variant: pick one (Half / Full); addon: pick up to `max`. */
  kind: 'variant' | 'addon';
  min: number;
  max: number;
  options: ItemOption[];
}

/** The most options one cart line may carry. */
export const MAX_LINE_OPTIONS = 20;

/** A line's options as stored and compared: ascending, each once. */
export function canonicalOptions(ids: readonly number[] | undefined): number[] {
  return [...new Set(ids ?? [])].sort((a, b) => a - b);
}

export function sameOptions(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  const x = canonicalOptions(a);
  const y = canonicalOptions(b);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/** One key per cart line: the dish and its choices. */
export const lineKey = (item: number, options?: readonly number[]): string => {
  const ids = canonicalOptions(options);
  return ids.length ? `${item}:${ids.join(',')}` : String(item);
};

export type ChoiceCheck =
  | { ok: true; options: number[]; extra: number; choices: string[] }
  | { ok: false; message: string; group: number | null };

/** "a size" / "at least 2 toppings": what a group asks for, in words. */
function wanted(group: OptionGroup): string {
  const what = group.name.toLowerCase();
  if (group.kind === 'variant' || (group.min === 1 && group.max === 1)) return `a ${singular(what)}`;
  if (group.min === group.max) return `${group.min} ${what}`;
  return `at least ${group.min} ${what}`;
}

const singular = (word: string): string =>
  word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

/**
 * Checks chosen option ids against a dish's groups: every id belongs to the dish and is available,
 * every group has between its min and max choices. On success: the canonical ids, the price they add
 * and their names in menu order (for the cart, the order and the kitchen ticket).
 */
export function checkChoices(
  itemName: string,
  groups: readonly OptionGroup[],
  chosen: readonly number[] | undefined,
): ChoiceCheck {
  const ids = canonicalOptions(chosen);
  const known = new Map<number, { group: OptionGroup; option: ItemOption }>();
  for (const group of groups) for (const option of group.options) known.set(option.id, { group, option });
  for (const id of ids) {
    const hit = known.get(id);
    if (!hit) {
      return {
        ok: false,
        message: `Some choices for ${itemName} are no longer on the menu. Choose again.`,
        group: null,
      };
    }
    if (!hit.option.in_stock) {
      return {
        ok: false,
        message: `${hit.option.name} is not available right now. Choose again.`,
        group: hit.group.id,
      };
    }
  }
  let extra = 0;
  const choices: string[] = [];
  for (const group of groups) {
    const picked = group.options.filter((o) => ids.includes(o.id));
    if (picked.length < group.min) {
      return { ok: false, message: `Choose ${wanted(group)} for ${itemName}.`, group: group.id };
    }
    if (picked.length > group.max) {
      const most =
        group.max === 1
          ? `one ${singular(group.name.toLowerCase())}`
          : `${group.max} ${group.name.toLowerCase()}`;
      return { ok: false, message: `Choose at most ${most} for ${itemName}.`, group: group.id };
    }
    for (const o of picked) {
      extra += o.price;
      choices.push(o.name);
    }
  }
  return { ok: true, options: ids, extra, choices };
}

/** The options a sheet starts with: each required variant's first available option. */
export function defaultOptions(groups: readonly OptionGroup[]): number[] {
  const ids: number[] = [];
  for (const g of groups) {
    if (g.kind !== 'variant' || g.min === 0) continue;
    const first = g.options.find((o) => o.in_stock);
    if (first) ids.push(first.id);
  }
  return ids;
}

/** A cart or order line in words: "Margherita Pizza (Large, Olives)". */
export const lineLabel = (name: string, choices?: readonly string[]): string =>
  choices?.length ? `${name} (${choices.join(', ')})` : name;

/** A React key for an order line (one dish may be ordered twice, with different choices). */
export const orderLineKey = (menuItemId: number, choices?: readonly string[]): string =>
  choices?.length ? `${menuItemId}:${choices.join('|')}` : String(menuItemId);
