import { Link } from "react-router";
import { ErrorBox, SuccessBox } from "~/components/form-controls";
import { factOrPlanFieldLabel } from "./fact-labels";

interface SaveMessagesProps {
  /** The message a save left for the reloaded page, shown until the form changes. */
  saved: string | undefined;
  isDirty: boolean;
  formError: string | null;
  errors: Record<string, string>;
  errorBox: React.RefObject<HTMLDivElement | null>;
  /** The public page, once the saved tool is online. */
  publicPath: string | null;
}

export function SaveMessages({
  saved,
  isDirty,
  formError,
  errors,
  errorBox,
  publicPath,
}: SaveMessagesProps) {
  return (
    // The boxes are live regions themselves (status, alert): a second one read them twice.
    <div className="mt-4 space-y-3">
      {saved && !isDirty && !formError && (
        <SuccessBox>
          {saved}{" "}
          {publicPath ? (
            <Link to={publicPath} className="font-medium underline">
              See its public page
            </Link>
          ) : (
            "It is not public while its status is draft or offline."
          )}
        </SuccessBox>
      )}
      {formError && (
        <div ref={errorBox} tabIndex={-1} className="outline-none">
          <ErrorBox>
            {formError}
            {Object.keys(errors).length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {Object.entries(errors).map(([field, message]) => {
                  // A fact's or a plan's message is the same for each of them: say whose it is.
                  const label = factOrPlanFieldLabel(field);
                  return <li key={field}>{label ? `${label}: ${message}` : message}</li>;
                })}
              </ul>
            )}
          </ErrorBox>
        </div>
      )}
    </div>
  );
}
