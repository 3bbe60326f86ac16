// This device's ticket printing: the thermal paper's width and auto-print of accepted orders.
import { useId, useState } from 'react';
import {
  autoPrintEnabled,
  paperWidth,
  setAutoPrint,
  setPaperWidth,
  type PaperWidth,
} from './ticket-settings.ts';

export function TicketSettings() {
  const [paper, setPaper] = useState<PaperWidth>(paperWidth);
  const [auto, setAuto] = useState(autoPrintEnabled);
  const group = useId();
  return (
    <div className="kitchen__card">
      <h3 className="kitchen__card-title">Kitchen tickets</h3>
      <fieldset className="kitchen__paper">
        <legend>Paper on this device</legend>
        {(['58', '80'] as const).map((w) => (
          <label key={w} className="kitchen__paper-choice">
            <input
              type="radio"
              name={group}
              value={w}
              checked={paper === w}
              onChange={() => {
                setPaper(w);
                setPaperWidth(w);
              }}
            />
            {w} mm
          </label>
        ))}
      </fieldset>
      <label className="kitchen__switch">
        <input
          type="checkbox"
          checked={auto}
          onChange={(e) => {
            setAuto(e.target.checked);
            setAutoPrint(e.target.checked);
          }}
        />
        Print accepted orders automatically
      </label>
    </div>
  );
}
