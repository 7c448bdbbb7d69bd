import type { SchemaProblem } from '../../components/schemaForm/schemaProblems';
import { fieldControlId } from '../../components/schemaForm/schemaProblems';

interface RunProblemsProps {
  problems: readonly SchemaProblem[];
  /** The form's id prefix, to link each problem to its field. */
  idPrefix: string;
  /** Shows every error inline in the form (the list only names them). */
  onShowInForm: () => void;
  onSendAnyway: () => void;
  disabled: boolean;
}

/**
 * Beside Run: why it will not send (the arguments do not fit the input schema), each failing
 * field a link to it, and "Send anyway" for an author testing the server's own validation.
 */
export function RunProblems({ problems, idPrefix, onShowInForm, onSendAnyway, disabled }: RunProblemsProps) {
  if (problems.length === 0) return null;
  return (
    <section className="run-problems" aria-label="Why Run will not send">
      <p>
        <strong>Not sent:</strong> the arguments do not fit the tool&apos;s input schema (
        {problems.length === 1 ? '1 problem' : `${problems.length} problems`}).
      </p>
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>
            <a
              href={`#${fieldControlId(idPrefix, problem.path)}`}
              onClick={(event) => {
                event.preventDefault();
                onShowInForm();
                revealField(idPrefix, problem.path);
              }}
            >
              {problem.field}
            </a>{' '}
            {problem.message}
          </li>
        ))}
      </ul>
      <div className="run-problems-actions">
        <button type="button" onClick={onSendAnyway} disabled={disabled}>
          Send anyway
        </button>
        <span className="muted">sends them as they are, to see what the server does with them</span>
      </div>
    </section>
  );
}

/**
 * Scrolls to a field and focuses its control: the exact one, else the closest enclosing field
 * that is drawn (a missing property of an unset object is not drawn yet).
 */
function revealField(prefix: string, path: readonly (string | number)[]): void {
  for (let length = path.length; length >= 0; length -= 1) {
    const element = document.getElementById(fieldControlId(prefix, path.slice(0, length)));
    if (!element) continue;
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    const control = element.matches('input, select, textarea, button')
      ? element
      : element.querySelector<HTMLElement>('input, select, textarea, button');
    control?.focus({ preventScroll: true });
    return;
  }
}
