import { EVALUATION_RULES } from '@zl/shared';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';

/** Up to nine evaluation pictures (public image uploads); the value is the list of file ids. */
export function EvaluationPictures(props: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
}) {
  return (
    <FileUploadList
      {...props}
      purpose="project"
      max={EVALUATION_RULES.maxPictures}
      label="图片"
      className="zl-pics"
    />
  );
}
