// What a search result says and where it leads (docs/product.md#search), the same in the suggestions
// and on the results page.

/** Shown on a dish or restaurant that does not deliver to the chosen location. */
export const doesNotDeliverTo = (area: string) => `Doesn't deliver to ${area}`;

/** Where a dish suggestion leads: its restaurant's menu, scrolled to the dish. */
export const dishMenuPath = (slug: string, itemId: number) =>
  `/restaurants/${encodeURIComponent(slug)}?dish=${itemId}`;
