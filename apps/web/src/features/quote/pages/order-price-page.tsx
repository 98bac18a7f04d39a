import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { FileRef as ProjectPicture } from '@zl/shared';
import { REQUIREMENT_CATEGORIES } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DraftNotice } from '../../../components/draft-notice.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError, toBizError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { useFormDraft } from '../../../lib/form-draft.ts';
import { formatFen } from '../../../lib/money.ts';
import { idFromQuery, type Stance, useProjectInfo, useSupplierStance } from '../../order-detail/index.ts';
import { NewAnswersNotice, QuestionPanel } from '../../question/index.ts';
import {
  refreshAfterQuote,
  refreshProjectFee,
  submitQuote,
  usePriceTable,
  useProjectFee,
} from '../api/quote-api.ts';
import { CategoryLines } from '../components/category-lines.tsx';
import { computeTotals, draftFrom, type LineDraft, type LinesDraft, toPayload } from '../lib/quote-math.ts';
import { applyQuoteFieldErrors, QUOTE_REFUSALS } from '../lib/submit-errors.ts';
import '../quote.css';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { useSubmission } from '../../../lib/submission.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';

interface FormValues {
  lines?: LinesDraft;
  days: number;
  remark?: string;
  attachments?: Array<string | undefined>;
}

const MAX_ATTACHMENTS = 5;

/** The template's fixed fields with the prices the form holds (only prices are form fields). */
function merge(template: LinesDraft, watched: LinesDraft | undefined): LinesDraft {
  const out: LinesDraft = {};
  for (const [key] of REQUIREMENT_CATEGORIES) {
    const base = template[key];
    if (!base) continue;
    out[key] = base.map((l, i): LineDraft => ({ ...l, price: String(watched?.[key]?.[i]?.price ?? '') }));
  }
  return out;
}

const NO_FORM_STATUS: Partial<Record<Stance['kind'], 'success' | 'warning' | 'info'>> = {
  won: 'success',
  verify: 'warning',
  reviewing: 'info',
  recharge: 'warning',
};

/** /orderPrice when no quote can be sent or changed: the reason and the way forward, no form. */
function NoQuoteForm(props: {
  id: number;
  title: string;
  stance: Stance;
  fee: { coins: number; balance: number } | undefined;
}) {
  const { stance, fee } = props;
  return (
    <div className="zl-qt">
      <section className="zl-panel">
        <Result
          status={NO_FORM_STATUS[stance.kind] ?? 'info'}
          title={stance.note}
          subTitle={
            <>
              <Link to={`/orderDetail?id=${props.id}`}>{props.title}</Link>
              {stance.kind === 'recharge' && fee && (
                <div>
                  本次报价需要 {fee.coins} 金币，您当前有 {fee.balance} 金币
                </div>
              )}
            </>
          }
          extra={[
            stance.link && (
              <Link key="fix" to={stance.link.to}>
                <Button type="primary">{stance.link.text}</Button>
              </Link>
            ),
            <Link key="back" to={`/orderDetail?id=${props.id}`}>
              <Button>返回项目详情</Button>
            </Link>,
          ]}
        />
      </section>
    </div>
  );
}

/** /orderPrice?id= 报价: a priced copy of the customer's requirement list. */
export default function OrderPricePage() {
  const [params] = useSearchParams();
  const id = idFromQuery(params);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const fee = useProjectFee(id);
  const table = usePriceTable(id);
  const info = useProjectInfo(id);
  // What this supplier can do now (the same answer as the detail page): a form, or why not.
  const stance = useSupplierStance(info.data, Date.now());
  const [form] = Form.useForm<FormValues>();
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const once = useSubmitOnce();
  const submission = useSubmission();
  const submitting = once.busy;
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);

  const quote = table.data?.quote ?? null;
  const editing = stance ? stance.form === 'edit' : Boolean(quote) || Boolean(fee.data?.quoted);
  const template = useMemo(
    () => (table.data ? draftFrom(table.data.categories, quote) : {}),
    [table.data, quote],
  );
  const watched = Form.useWatch('lines', { form, preserve: true }) as LinesDraft | undefined;
  const attachments = (Form.useWatch('attachments', { form, preserve: true }) ?? []) as Array<
    string | undefined
  >;
  const totals = computeTotals(merge(template, watched));

  const initialFiles = useMemo(() => {
    const known: Record<string, ProjectPicture> = {};
    for (const a of quote?.attachments ?? []) if (typeof a === 'object' && a) known[a.id] = a;
    return known;
  }, [quote]);

  const serverValues = useCallback(
    () =>
      ({
        lines: template,
        days: quote?.days ?? undefined,
        remark: quote?.remark ?? '',
        attachments: (quote?.attachments ?? []).map((a) => (typeof a === 'string' ? a : a.id)),
      }) as FormValues,
    [template, quote],
  );
  useEffect(() => {
    if (!table.data) return;
    form.setFieldsValue(serverValues());
  }, [table.data, serverValues, form]);
  // a draft per member and project, put over the server's values once they are in (docs/web.md §
  // Drafts of long forms)
  const draft = useFormDraft<FormValues>({
    form,
    name: id ? `orderPrice.${id}` : null,
    ready: Boolean(table.data),
    reset: () => form.setFieldsValue(serverValues()),
  });

  const notFound = (e: unknown) => isBizError(e) && e.code === 'NOT_FOUND';
  if (!id || notFound(table.error) || notFound(info.error)) {
    return (
      <Result status="404" title="项目不存在或已下架" extra={<Link to="/orderCenter">返回项目大厅</Link>} />
    );
  }
  if (table.isLoading || fee.isLoading || info.isLoading) {
    return (
      <div className="zl-qt zl-panel">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }
  if (!table.data) {
    return (
      <Result
        status="warning"
        title="报价单加载失败"
        extra={<Button onClick={() => void table.refetch()}>重试</Button>}
      />
    );
  }

  // No form to fill when it could not be sent: say why first, with the way forward.
  if (stance && stance.form === null) {
    return <NoQuoteForm id={id} title={table.data.project.title} stance={stance} fee={fee.data} />;
  }

  const categories = table.data.categories.filter((c) => c.items.length > 0);
  const coins = fee.data?.coins ?? 0;
  const notEnough = !editing && fee.data !== undefined && !fee.data.enough;

  const send = (values: FormValues) => once.run(() => sendNow(values));

  async function sendNow(values: FormValues) {
    setRefusal(null);
    try {
      const all = form.getFieldsValue(true) as FormValues;
      await submitQuote(
        toPayload(id, { ...all, ...values, lines: merge(template, all.lines) }),
        editing,
        submission,
      );
      draft.clear();
      setConfirming(null);
      await refreshAfterQuote(qc);
      withFeedback((f) =>
        f.message.success(editing ? '报价已修改' : `报价已提交${coins ? `，已扣除 ${coins} 金币` : ''}`),
      );
      navigate(`/orderDetail?id=${id}`, { replace: true });
    } catch (err) {
      setConfirming(null);
      const e = toBizError(err);
      if (applyQuoteFieldErrors(form, e)) return;
      if (QUOTE_REFUSALS[e.code]) {
        setRefusal({ code: e.code, message: e.message });
        window.scrollTo({ top: 0, behavior: 'smooth' });
        if (e.code === 'INSUFFICIENT_COINS') {
          // the balance changed elsewhere: the form (and what was typed) stays for after a recharge
          void refreshProjectFee(qc, id);
        } else {
          // the project or the supplier changed: the page shows what he can do now
          void refreshAfterQuote(qc);
        }
        return;
      }
      handleError(e);
    }
  }

  const refusalInfo = refusal ? QUOTE_REFUSALS[refusal.code] : undefined;
  const shownAttachments = Math.min(MAX_ATTACHMENTS, attachments.filter(Boolean).length + 1);

  return (
    <div className="zl-qt">
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => navigate(`/orderDetail?id=${id}`)}
        className="zl-od-back"
      >
        返回项目详情
      </Button>
      <section className="zl-panel zl-qt-head">
        <div>
          <h1>{editing ? '修改报价' : '项目报价'}</h1>
          <div className="zl-qt-proj">
            <Link to={`/orderDetail?id=${id}`}>{table.data.project.title}</Link>
            <span>项目编号 {table.data.project.orders}</span>
          </div>
        </div>
        <div className="zl-qt-coins">
          {editing ? (
            <span>修改报价不扣金币</span>
          ) : (
            <>
              <span>
                本次报价消耗 <b>{coins}</b> 金币
              </span>
              <span className={notEnough ? 'zl-qt-low' : ''}>当前余额 {fee.data?.balance ?? '—'} 金币</span>
            </>
          )}
        </div>
      </section>

      {notEnough && (
        <Alert
          type="warning"
          showIcon
          title={`金币不足：报价需要 ${coins} 金币，您当前有 ${fee.data?.balance ?? 0} 金币`}
          action={<Link to="/personCenter/charging">去充值</Link>}
        />
      )}
      {refusal && (
        <Alert
          type={refusal.code === 'ALREADY_QUOTED' ? 'info' : 'error'}
          showIcon
          title={refusalInfo?.title ?? refusal.message}
          description={refusalInfo ? undefined : refusal.message}
          action={refusalInfo?.link && <Link to={refusalInfo.link.to}>{refusalInfo.link.text}</Link>}
        />
      )}

      {editing && <NewAnswersNotice projectId={id} />}
      <DraftNotice at={draft.restoredAt} onDiscard={draft.discard} />
      <Form<FormValues>
        form={form}
        layout="vertical"
        onValuesChange={draft.onValuesChange}
        onFinish={(v) => setConfirming(v)}
        scrollToFirstError
        requiredMark={false}
      >
        <section className="zl-panel">
          <h2>报价明细</h2>
          <p className="zl-qt-hint">按客户的需求清单逐项填写单价（元），金额 = 数量 × 单价，自动合计。</p>
          {categories.length === 0 && (
            <Alert type="info" showIcon title="客户未填写需求清单，请在备注中写明报价内容" />
          )}
          {categories.map((c) => (
            <CategoryLines
              key={c.key}
              categoryKey={c.key}
              label={c.label}
              items={template[c.key] ?? []}
              amounts={totals.amounts[c.key] ?? []}
              subtotal={totals.subtotals[c.key] ?? 0}
            />
          ))}
        </section>

        <section className="zl-panel">
          <h2>施工与说明</h2>
          <div className="zl-qt-grid">
            <Form.Item
              label="施工天数"
              name="days"
              rules={[
                { required: true, message: '请输入施工天数' },
                { type: 'integer', min: 1, max: 365, message: '施工天数为 1–365 天' },
              ]}
            >
              <InputNumber
                min={1}
                max={365}
                precision={0}
                suffix="天"
                style={{ width: 160 }}
                placeholder="如 5"
              />
            </Form.Item>
          </div>
          <TextAreaItem
            label="报价说明"
            name="remark"
            rules={[{ max: 1000, message: '报价说明最多 1000 字' }]}
            rows={4}
            maxLength={1000}
            placeholder="材料品牌、工艺、运输与安装、付款方式等说明"
          />
          <Form.Item label={`附件（最多 ${MAX_ATTACHMENTS} 个，效果图或报价说明 PDF）`}>
            <div className="zl-qt-files">
              {Array.from({ length: shownAttachments }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: attachment slots are positional
                <Form.Item key={i} name={['attachments', i]} noStyle>
                  <FileUpload
                    purpose="attachment"
                    placeholder="上传附件"
                    initialFile={(() => {
                      const v = attachments[i];
                      return v && initialFiles[v] ? initialFiles[v] : null;
                    })()}
                  />
                </Form.Item>
              ))}
            </div>
          </Form.Item>
        </section>

        <div className="zl-qt-bar">
          <div className="zl-qt-total">
            报价总额 <b data-testid="grand-total">{formatFen(totals.total)}</b>
          </div>
          <Button type="primary" size="large" htmlType="submit" disabled={notEnough} loading={submitting}>
            {editing ? '保存修改' : '提交报价'}
          </Button>
        </div>
      </Form>

      {/* the answers every bidder prices on (docs/questions.md) */}
      <QuestionPanel projectId={id} side="supplier" />

      <Modal
        open={confirming !== null}
        title={editing ? '确认修改报价' : '确认提交报价'}
        okText={editing ? '确认修改' : '确认提交'}
        cancelText="再看看"
        confirmLoading={submitting}
        onOk={() => confirming && void send(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          报价总额：<b>{formatFen(totals.total)}</b>
        </p>
        {editing ? (
          <p>修改报价不扣除金币，截止前可多次修改。</p>
        ) : (
          <p>
            提交后将扣除 <b className="zl-qt-low">{coins} 金币</b>（余额 {fee.data?.balance ?? '—'} →{' '}
            {(fee.data?.balance ?? 0) - coins}）。项目被取消或流标时金币自动退回。
          </p>
        )}
      </Modal>
    </div>
  );
}
