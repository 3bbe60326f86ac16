// The server's side of the early-taps script (src/shared/early-taps.ts): the tag a server-rendered
// page carries in its head, and the script-src source that lets exactly that inline script run.
import { createHash } from 'node:crypto';
import { EARLY_TAPS_SCRIPT } from '../../shared/early-taps.ts';

export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

/** The script-src source that lets exactly this inline script run. */
export const EARLY_TAPS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;
