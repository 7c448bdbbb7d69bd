import { useState } from 'react';
import { saveBlob } from './download';

interface DownloadButtonProps {
  /**
   * The file, made when the button is pressed (nothing is stringified or decoded before), or a
   * promise of it; a thrown error or a rejection is shown beside the button, by its message.
   */
  file: () => Blob | Promise<Blob>;
  /** The file's name; a function when it is read at the press (e.g. it holds the time). */
  fileName: string | (() => string);
  /** The button's name, "Download" unless the place says what it saves. */
  label?: string;
  disabled?: boolean;
  className?: string;
}

/** Saves a file the page makes, as a link with `download` would, and says why when it cannot. */
export function DownloadButton({
  file,
  fileName,
  label = 'Download',
  disabled,
  className,
}: DownloadButtonProps) {
  const [problem, setProblem] = useState<string | undefined>();
  const save = (blob: Blob): void => {
    setProblem(undefined);
    saveBlob(blob, typeof fileName === 'function' ? fileName() : fileName);
  };
  const fail = (error: unknown): void => setProblem(error instanceof Error ? error.message : String(error));
  const onClick = (): void => {
    try {
      const made = file();
      // A Blob at hand is saved within the click, as browsers prefer for a download.
      if (made instanceof Blob) save(made);
      else made.then(save, fail);
    } catch (error) {
      fail(error);
    }
  };
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={onClick}>
        {label}
      </button>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
