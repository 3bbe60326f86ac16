// Public door of the Veg mode feature: the headers' switch and the veg / egg / non-veg mark that every
// dish shows (menus, search, the choices sheet).
export { DietMark } from './diet-mark.tsx';
export { VegModeSwitch } from './veg-mode-switch.tsx';
