// A link to another site: always a new tab, never handing this page to it (noopener noreferrer), and
// announced as opening a new tab without changing the link's own name.
import type { AnchorHTMLAttributes } from 'react';

export const NEW_TAB_NOTE_ID = 'new-tab-note';

export function ExternalLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_NOTE_ID} />;
}

/** Rendered once by the shell: the description every external link points at. */
export const NewTabNote = () => (
  <span id={NEW_TAB_NOTE_ID} hidden>
    Opens in a new tab
  </span>
);
