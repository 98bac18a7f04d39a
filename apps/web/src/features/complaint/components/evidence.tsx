import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import type { FileRef } from '@zl/shared';
import Image from 'antd/es/image';
import {
  FileUploadList,
  type FileUploadListValueProps,
} from '../../../components/upload/file-upload-list.tsx';

export const EVIDENCE_MAX = 10;

/** Up to ten evidence files (images or PDFs, uploaded as private attachments); the value is their ids. */
export function EvidenceUpload(props: FileUploadListValueProps) {
  return (
    <FileUploadList
      {...props}
      purpose="attachment"
      max={EVIDENCE_MAX}
      label="证据"
      className="zl-evidence-up"
    />
  );
}

/** Evidence as the parties and operators see it: image thumbnails that open, PDFs as links. */
export function EvidenceList({ files }: { files: FileRef[] }) {
  if (files.length === 0) return <span className="zl-muted">无证据文件</span>;
  return (
    <div className="zl-evidence">
      <Image.PreviewGroup>
        {files.map((f, i) =>
          f.thumbUrl ? (
            <Image
              key={f.id}
              src={f.thumbUrl}
              preview={{ src: f.url }}
              width={96}
              height={72}
              alt={`证据 ${i + 1}`}
            />
          ) : (
            <a key={f.id} href={f.url} target="_blank" rel="noreferrer" className="zl-evidence-pdf">
              <FilePdfOutlined /> 证据 {i + 1}
            </a>
          ),
        )}
      </Image.PreviewGroup>
    </div>
  );
}
