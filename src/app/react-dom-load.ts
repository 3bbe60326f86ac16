// React DOM, evaluated while `Error` makes errors without a stack trace (why: stackless-errors.ts).
// ES modules evaluate their imports in order, so React DOM's module runs between the two, in one go.
// This module and stackless-errors.ts are in the React chunk (vite.config.ts): whichever of the entry
// and the app's start evaluates first (the page's loader imports both), React DOM loads here.
import './stackless-errors.ts';
import 'react-dom/client';
import { stopStacklessErrors } from './stackless-errors.ts';

stopStacklessErrors();
