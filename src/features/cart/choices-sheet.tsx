// The dish's choices (variants and add-ons) before it goes in the cart: a bottom sheet on phones, a
// dialog on wider screens (cart.css). The rules are the server's (src/shared/customisation.ts): a
// required group left empty or too many add-ons is said next to the group, and nothing is added.
import { useId, useRef, useState } from 'react';
import { checkChoices, defaultOptions, type OptionGroup } from '../../shared/customisation.ts';
import type { Diet } from '../../shared/diet.ts';
import { formatRupees } from '../../shared/money.ts';
import { DietMark } from '../veg-mode/index.tsx';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';
import './cart.css';
import './choices-sheet.css';

export interface ChoicesSheetProps {
  name: string;
  /** The dish's price without choices, paise. */
  price: number;
  diet: Diet;
  groups: OptionGroup[];
  /** The choices to start from (a line being chosen again), else each required variant's first. */
  initial?: number[];
  onAdd: (chosen: { options: number[]; choices: string[]; price: number }) => void;
  onCancel: () => void;
}

/** "Choose 1", "Optional · up to 3", "Choose 2 to 4". */
function ruleText(g: OptionGroup): string {
  if (g.min === 0) return g.max === 1 ? 'Optional · choose 1' : `Optional · up to ${g.max}`;
  if (g.min === g.max) return `Choose ${g.min}`;
  return `Choose ${g.min} to ${g.max}`;
}

export default function ChoicesSheet({
  name,
  price,
  diet,
  groups,
  initial,
  onAdd,
  onCancel,
}: ChoicesSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [chosen, setChosen] = useState<number[]>(() => initial ?? defaultOptions(groups));
  const [problem, setProblem] = useState<{ message: string; group: number | null } | null>(null);
  const dismiss = useModalDialog(ref, { onCancel });

  const check = checkChoices(name, groups, chosen);
  const unitPrice =
    price + groups.flatMap((g) => g.options).reduce((s, o) => s + (chosen.includes(o.id) ? o.price : 0), 0);

  const toggle = (g: OptionGroup, id: number, on: boolean) => {
    setProblem(null);
    setChosen((now) => {
      const others = now.filter((o) => !g.options.some((x) => x.id === o));
      const mine = now.filter((o) => g.options.some((x) => x.id === o));
      if (g.kind === 'variant' || g.max === 1) return on ? [...others, id] : others;
      return on ? [...others, ...mine, id] : [...others, ...mine.filter((o) => o !== id)];
    });
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} {...dismiss}>
      <form
        className="choices-sheet__body"
        method="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!check.ok) {
            // The group's rule line turns into the problem (it describes the group), and focus goes
            // there so a screen reader says it; a problem of no group is an alert.
            setProblem({ message: check.message, group: check.group });
            const at =
              check.group === null
                ? null
                : ref.current?.querySelector<HTMLElement>(
                    `#${CSS.escape(`${titleId}-g${check.group}`)} input`,
                  );
            at?.focus();
            return;
          }
          onAdd({ options: check.options, choices: check.choices, price: unitPrice });
        }}
      >
        <header className="choices-sheet__head">
          <DietMark diet={diet} />
          <h2 id={titleId} className="dialog__title">
            {name}
          </h2>
          <button type="button" className="choices-sheet__close" aria-label="Close" onClick={onCancel}>
            ×
          </button>
        </header>
        <div className="choices-sheet__groups">
          {groups.map((g) => {
            const mine = g.options.filter((o) => chosen.includes(o.id)).length;
            const single = g.kind === 'variant' || g.max === 1;
            const ruleId = `${titleId}-r${g.id}`;
            const wrong = problem?.group === g.id;
            return (
              <fieldset
                key={g.id}
                id={`${titleId}-g${g.id}`}
                className={`choices-sheet__group${wrong ? ' choices-sheet__group--wrong' : ''}`}
                aria-describedby={ruleId}
              >
                <legend className="choices-sheet__legend">{g.name}</legend>
                <p id={ruleId} className="choices-sheet__rule">
                  {wrong ? problem.message : ruleText(g)}
                </p>
                {g.options.map((o) => {
                  const on = chosen.includes(o.id);
                  // At an add-on group's most, the others wait (a choice made can still be undone).
                  const full = !single && !on && mine >= g.max;
                  return (
                    <label key={o.id} className="choices-sheet__option">
                      <input
                        type={single ? 'radio' : 'checkbox'}
                        name={`g${g.id}`}
                        value={o.id}
                        checked={on}
                        disabled={!o.in_stock || full}
                        onChange={(e) => toggle(g, o.id, e.target.checked)}
                      />
                      <span className="choices-sheet__name">
                        {o.name}
                        {!o.in_stock && <span className="choices-sheet__out"> · not available</span>}
                      </span>
                      {o.price > 0 && <span className="choices-sheet__price">+{formatRupees(o.price)}</span>}
                    </label>
                  );
                })}
              </fieldset>
            );
          })}
        </div>
        {problem && problem.group === null && (
          <p className="choices-sheet__problem" role="alert">
            {problem.message}
          </p>
        )}
        <footer className="choices-sheet__foot">
          <button type="submit" className="button button--primary choices-sheet__add">
            Add item · {formatRupees(unitPrice)}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

/** "Another one?": one more of the line added last, or the sheet again. */
export function RepeatDialog({
  name,
  lastChoices,
  onRepeat,
  onChoose,
  onCancel,
}: {
  name: string;
  lastChoices: string[];
  onRepeat: () => void;
  onChoose: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const dismiss = useModalDialog(ref, {
    onCancel,
    focus: (d) => d.querySelector<HTMLElement>('.button--primary'),
  });
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} {...dismiss}>
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          Another {name}?
        </h2>
        <p className="dialog__text">
          Last time: {lastChoices.length ? lastChoices.join(', ') : 'no choices'}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onChoose}>
            I’ll choose
          </button>
          <button type="button" className="button button--primary" onClick={onRepeat}>
            Repeat last
          </button>
        </div>
      </div>
    </dialog>
  );
}
