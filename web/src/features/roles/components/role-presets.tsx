import { ROLE_PRESETS } from '../permissions';

/** 'Quick Presets' pills: each fills the role form. */
export function RolePresets({
  onPick,
}: {
  onPick: (preset: (typeof ROLE_PRESETS)[number]) => void;
}) {
  return (
    <section className="roles-presets" aria-labelledby="roles-presets-title">
      <h2 id="roles-presets-title" className="roles-presets__title">
        Quick Presets
      </h2>
      <ul className="roles-presets__list">
        {ROLE_PRESETS.map((preset) => (
          <li key={preset.name}>
            <button
              type="button"
              className="roles-pill"
              title={preset.permissions.join(', ')}
              onClick={() => onPick(preset)}
            >
              {preset.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
