import {
  FileUploadList,
  type FileUploadListValueProps,
} from '../../../components/upload/file-upload-list.tsx';

/**
 * A list of report uploads (purpose `report`): each filled box is one file id, one empty box appends
 * until `max`. The value is the list of ids (a Form.Item control).
 */
export function PhotoList(props: FileUploadListValueProps & { max: number; label: string }) {
  return <FileUploadList {...props} purpose="report" className="zl-rp-pics" />;
}
