// The pin drawn over the centre of a map that pans under it (street map and Google map): one drawing,
// styled by each map's own classes (`<block>__pin`, `__pin-body`, `__pin-dot`).
export function CentrePin({ block }: { block: 'street-map' | 'pin-picker' }) {
  return (
    <span className={`${block}__pin`} aria-hidden="true">
      <svg width="36" height="48" viewBox="0 0 36 48" focusable="false">
        <path
          d="M18 47c-1-6-14-16-14-29a14 14 0 0 1 28 0c0 13-13 23-14 29z"
          className={`${block}__pin-body`}
        />
        <circle cx="18" cy="18" r="5.5" className={`${block}__pin-dot`} />
      </svg>
    </span>
  );
}
