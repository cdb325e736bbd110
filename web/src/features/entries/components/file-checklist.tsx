import type { ReactNode } from 'react';
import type { Attachment } from '../../../resources/entries';

/** A checkbox for each of the entry's files; `checkedUrls` holds the urls of the checked ones. */
export function FileChecklist({
  files,
  checkedUrls,
  onChange,
  label,
}: {
  files: readonly Attachment[];
  checkedUrls: readonly string[];
  onChange: (checkedUrls: string[]) => void;
  label: (file: Attachment) => ReactNode;
}) {
  return (
    <>
      {files.map((file) => (
        <label key={file.url} className="entries-check">
          <input
            type="checkbox"
            className="ui-checkbox"
            checked={checkedUrls.includes(file.url)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...checkedUrls, file.url]
                  : checkedUrls.filter((url) => url !== file.url),
              )
            }
          />
          {label(file)}
        </label>
      ))}
    </>
  );
}
