import {
  FileUploadList,
  type FileUploadListValueProps,
} from '../../../components/upload/file-upload-list.tsx';

export const MAX_PICTURES = 9;

/** Up to nine reference images (public project uploads); the value is the list of file ids (a Form.Item control). */
export function PictureList(props: FileUploadListValueProps) {
  return (
    <FileUploadList {...props} purpose="project" max={MAX_PICTURES} label="参考图" className="zl-pics" />
  );
}
