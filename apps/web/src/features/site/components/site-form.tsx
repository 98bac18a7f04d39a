import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import { SITE_PHOTOS_MAX, type SiteKind, siteKindLabels, siteLogSchema } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useEffect, useRef, useState } from 'react';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { checkWith } from '../../../lib/zod-rule.ts';
import { type SiteStep, useRefreshSite, useSiteStep } from '../api/site.ts';
import { askLocation, type Fix } from '../lib/location.ts';
import { placeSiteError } from '../lib/site-errors.ts';
import { useShots } from '../lib/use-shots.ts';
import { CameraPhotos } from './camera-photos.tsx';

export const SITE_NOTE_MAX = 200;

const HINT: Record<SiteKind, string> = {
  checkin: '到达展馆后拍摄展位现场照片（1–9 张），打卡时间以服务器时间为准，参展商会收到通知。',
  log: '拍下今天的施工进度（1–9 张），写一句说明。',
  ready: '展台搭建完成后拍摄整体照片（1–9 张）。开展前就绪记为按时。',
};

const SUBMIT: Record<SiteKind, string> = {
  checkin: '提交打卡',
  log: '发布日志',
  ready: '确认展台就绪',
};

const DONE: Record<SiteKind, string> = {
  checkin: '已进场打卡，等待参展商确认',
  log: '施工日志已发布',
  ready: '已标记展台就绪',
};

/** The refusals about the project as a whole: said above the buttons (and the timeline read again). */
const STATE_CODES = new Set(['INVALID_STATE', 'NOT_FOUND']);

/** Asked once when the check-in form opens: by the time the photos are taken it has answered. */
function useFix(ask: boolean) {
  const [fix, setFix] = useState<Fix | null | 'pending'>(ask ? 'pending' : null);
  const pending = useRef<Promise<Fix | null>>(Promise.resolve(null));
  useEffect(() => {
    if (!ask) return;
    let alive = true;
    const p = askLocation();
    pending.current = p;
    void p.then((v) => {
      if (alive) setFix(v);
    });
    return () => {
      alive = false;
    };
  }, [ask]);
  return { fix, wait: () => pending.current };
}

/**
 * The small form of one site step (the winner): photos from the camera, uploaded as they are
 * taken; the note of a 施工日志; the location of a 进场打卡 when the browser gives it. Sent once per
 * submission (a double click sends one); the server's messages land on the photo or field.
 */
export function SiteForm({
  projectId,
  kind,
  onClose,
}: {
  projectId: number;
  kind: SiteKind;
  onClose: () => void;
}) {
  const label = siteKindLabels[kind];
  const photos = useShots(SITE_PHOTOS_MAX);
  const location = useFix(kind === 'checkin');
  const step = useSiteStep();
  const refresh = useRefreshSite();
  const once = useSubmitOnce();
  const [note, setNote] = useState('');
  const [photosError, setPhotosError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () =>
    once.run(async () => {
      setProblem(null);
      let bad = false;
      const live = photos.shots.filter((s) => s.state !== 'failed');
      if (live.length === 0) {
        setPhotosError(photos.shots.length ? '有照片上传失败，请重试或删除后重拍' : '请拍摄至少一张现场照片');
        bad = true;
      } else setPhotosError(null);
      if (kind === 'log') {
        const p = await checkWith(siteLogSchema.shape.note, note.trim());
        setNoteError(p && note.trim() === '' ? '请写一句今天的进度' : p);
        if (p) bad = true;
      }
      if (bad) return;

      const all = await photos.settled();
      if (all.some((s) => s.state !== 'done' || !s.id)) {
        setPhotosError('有照片上传失败，请重试或删除后重拍');
        return;
      }
      if (all.length === 0) {
        setPhotosError('请拍摄至少一张现场照片');
        return;
      }
      const ids = all.map((s) => s.id as string);
      const sent = all.map((s) => s.key);
      let body: SiteStep;
      if (kind === 'checkin') {
        const fix = await location.wait();
        body = { kind, body: { id: projectId, photos: ids, ...(fix ? { lat: fix.lat, lng: fix.lng } : {}) } };
      } else if (kind === 'log') body = { kind, body: { id: projectId, photos: ids, note: note.trim() } };
      else body = { kind, body: { id: projectId, photos: ids } };

      try {
        await step.mutateAsync(body);
        withFeedback((f) => f.message.success(DONE[kind]));
        onClose();
      } catch (err) {
        const placed = placeSiteError(err);
        if (placed) {
          photos.refuse(sent, placed.photoAt);
          setPhotosError(placed.photos);
          setNoteError(placed.note);
          if (placed.other) setProblem(placed.other);
        } else if (isBizError(err) && STATE_CODES.has(err.code)) {
          setProblem(err.message);
          void refresh(projectId);
        } else {
          handleError(err);
        }
      }
    });

  const busy = once.busy;
  return (
    <Form layout="vertical" className="zl-site-form" aria-label={label}>
      <h3>{label}</h3>
      <p className="zl-site-muted">{HINT[kind]}</p>
      <Form.Item
        label="现场照片"
        required
        validateStatus={photosError ? 'error' : undefined}
        help={photosError ?? photos.notice ?? undefined}
      >
        <CameraPhotos
          shots={photos.shots}
          max={SITE_PHOTOS_MAX}
          disabled={busy}
          invalid={Boolean(photosError)}
          onPick={(files) => {
            setPhotosError(null);
            photos.add(files);
          }}
          onRemove={(key) => {
            setPhotosError(null);
            photos.remove(key);
          }}
          onRetry={photos.retry}
        />
      </Form.Item>
      {kind === 'log' && (
        <Form.Item
          label="今日进度"
          required
          className="zl-site-note"
          htmlFor={`site-note-${projectId}`}
          validateStatus={noteError ? 'error' : undefined}
          help={noteError ?? undefined}
        >
          <Input.TextArea
            id={`site-note-${projectId}`}
            rows={3}
            maxLength={SITE_NOTE_MAX}
            showCount
            value={note}
            disabled={busy}
            placeholder="如：地台和背板已完成，明天上午安装灯光"
            onChange={(e) => {
              setNote(e.target.value);
              if (noteError) setNoteError(null);
            }}
          />
        </Form.Item>
      )}
      {kind === 'checkin' && (
        <p className="zl-site-loc" data-testid="site-location">
          <EnvironmentOutlined />{' '}
          {location.fix === 'pending'
            ? '正在获取定位…（不影响打卡）'
            : location.fix
              ? '已获取定位'
              : '未获取定位，将不带定位打卡'}
        </p>
      )}
      {problem && <Alert type="error" showIcon title={problem} className="zl-site-problem" />}
      <div className="zl-site-form-actions">
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          {SUBMIT[kind]}
        </Button>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
      </div>
    </Form>
  );
}
