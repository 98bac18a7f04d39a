import { useRef, useState } from 'react';
import { FileUpload } from './file-upload.tsx';
import { precheckFile } from './upload-checks.ts';
import type { UploadedFile, UploadPurpose } from './upload-file.ts';

/** What a Form.Item hands a list of uploads, and what the server already said about its files. */
export interface FileUploadListValueProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** what the server said about the files of the value ({id, url, thumbUrl}), for their previews */
  known?: UploadedFile[];
  id?: string;
}

export interface FileUploadListProps extends FileUploadListValueProps {
  purpose: UploadPurpose;
  /** how many files at the most */
  max: number;
  /** names the boxes: `<label> 1`, `<label> 2`, … and `上传<label>` in the first empty one */
  label: string;
  className?: string;
}

/**
 * What happens to a pick of several files with `room` places left: the ones that fit (in the
 * picked order, each passing the pre-checks) and what to say about the rest.
 */
export function splitPick(
  files: File[],
  room: number,
  purpose: UploadPurpose,
  label: string,
  max: number,
): { take: File[]; message: string | null } {
  const problems: string[] = [];
  const fit = files.filter((f) => {
    const problem = precheckFile(f, purpose);
    if (problem) problems.push(`${f.name}：${problem}`);
    return !problem;
  });
  const take = fit.slice(0, Math.max(0, room));
  if (fit.length > take.length) {
    problems.unshift(
      `${label}最多 ${max} 个，本次选了 ${fit.length} 个，只上传了前 ${take.length} 个（多出的 ${fit.length - take.length} 个未上传）`,
    );
  }
  return { take, message: problems.length ? problems.join('；') : null };
}

let pickSeq = 0;

/**
 * A list of uploads built from the one upload control: each filled box is one file id, the empty box
 * picks one or several files (multi-select, up to what `max` leaves room for: the rest is named in
 * a message). The value is the list of file ids (a Form.Item control).
 */
export function FileUploadList({
  value = [],
  onChange,
  known = [],
  id,
  purpose,
  max,
  label,
  className,
}: FileUploadListProps) {
  const byId = new Map(known.map((f) => [f.id, f]));
  // several uploads finish one after another before the form has handed the new value back
  const latest = useRef(value);
  latest.current = value;
  const [pending, setPending] = useState<Array<{ key: number; file: File }>>([]);
  const [message, setMessage] = useState<string | null>(null);
  const room = max - value.length - pending.length;

  function pick(files: File[]) {
    const { take, message: said } = splitPick(files, room, purpose, label, max);
    setMessage(said);
    setPending((p) => [...p, ...take.map((file) => ({ key: ++pickSeq, file }))]);
  }

  return (
    <div className={className} id={id}>
      {value.map((fileId, i) => (
        <FileUpload
          key={fileId}
          purpose={purpose}
          value={fileId}
          initialFile={byId.get(fileId) ?? null}
          placeholder={`${label} ${i + 1}`}
          onChange={(next) => {
            const copy = [...latest.current];
            const at = copy.indexOf(fileId);
            if (at < 0) return;
            if (next) copy[at] = next;
            else copy.splice(at, 1);
            latest.current = copy;
            onChange?.(copy);
          }}
        />
      ))}
      {pending.map((p) => (
        <FileUpload
          key={`pick-${p.key}`}
          purpose={purpose}
          value=""
          startWith={p.file}
          placeholder={`${label} ${value.length + 1}`}
          onChange={(next) => {
            setPending((list) => list.filter((x) => x.key !== p.key));
            if (next && latest.current.length < max) {
              latest.current = [...latest.current, next];
              onChange?.(latest.current);
            }
          }}
        />
      ))}
      {room > 0 && (
        <FileUpload
          key={`new-${value.length}`}
          purpose={purpose}
          value=""
          placeholder={value.length + pending.length === 0 ? `上传${label}` : '继续上传'}
          onPick={pick}
        />
      )}
      {message && (
        <div className="zl-up-error zl-up-list-error" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}
