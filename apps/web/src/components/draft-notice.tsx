import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { formatTime } from '../lib/time.ts';

/** Says a form shows a restored draft (lib/form-draft.ts), with 清空草稿 to start over. */
export function DraftNotice({ at, onDiscard }: { at: string | null; onDiscard: () => void }) {
  if (!at) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="zl-draft-notice"
      style={{ marginBottom: 12 }}
      title={`已恢复您 ${formatTime(at, 'M月D日 HH:mm')} 未提交的内容（草稿保存在本机）`}
      action={
        <Button size="small" onClick={onDiscard}>
          清空草稿
        </Button>
      }
    />
  );
}
