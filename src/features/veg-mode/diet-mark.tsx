// A dish's dietary mark the Indian way (src/shared/diet.ts): a green dot in a square for veg, an amber
// dot in a square for egg, a red-brown triangle for non-veg; its name for screen readers.
import { DIET_LABEL, type Diet } from '../../shared/diet.ts';
import './diet-mark.css';

export function DietMark({ diet }: { diet: Diet }) {
  return (
    <span className={`diet-mark diet-mark--${diet}`}>
      <span className="visually-hidden">{DIET_LABEL[diet]}</span>
    </span>
  );
}
