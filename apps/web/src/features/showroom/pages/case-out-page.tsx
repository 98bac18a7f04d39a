import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type CaseView, caseSaveSchema, SHOWROOM_RULES as R } from '@zl/shared';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { FileUploadList } from '../../../components/upload/file-upload-list.tsx';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import '../showroom.css';
import { useCaseList, useDeleteCase, useEditCase, useSaveCase } from '../api/cases.ts';

interface Values {
  title: string;
  descr: string;
  faceimg: string;
  pictures: string[];
}

const shape = caseSaveSchema.shape;
const PAGE_SIZE = 12;

/** Add (`editing` null) or edit one case. */
function CaseForm({ editing, onDone }: { editing: CaseView | null; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveCase();
  const edit = useEditCase();
  const pending = save.isPending || edit.isPending;

  async function onFinish(v: Values) {
    const body = {
      title: v.title.trim(),
      descr: (v.descr ?? '').trim(),
      faceimg: v.faceimg ?? '',
      pictures: v.pictures ?? [],
    };
    try {
      if (editing) await edit.mutateAsync({ id: editing.id, ...body });
      else await save.mutateAsync(body);
      withFeedback((f) => f.message.success(editing ? '案例已保存' : '案例已添加'));
      onDone();
    } catch (err) {
      reportSubmitError(form, err);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={
        editing
          ? {
              title: editing.title,
              descr: editing.descr,
              faceimg: editing.faceimg.id,
              pictures: editing.pictures.map((p) => p.id),
            }
          : { title: '', descr: '', faceimg: '', pictures: [] }
      }
      onFinish={onFinish}
    >
      <Form.Item name="title" label="案例标题" rules={[zodRule(shape.title)]}>
        <Input maxLength={R.caseTitleMax} placeholder="如 2025 上海车展 某品牌双层特装展台" />
      </Form.Item>
      <TextAreaItem
        name="descr"
        label="案例介绍"
        rules={[zodRule(shape.descr, { optional: true })]}
        maxLength={R.caseDescrMax}
        rows={4}
        placeholder="面积、结构、材料、工期、亮点等"
      />
      <Form.Item name="faceimg" label="封面图片" rules={[zodRule(shape.faceimg)]}>
        <FileUpload purpose="case" placeholder="上传封面" initialFile={editing?.faceimg ?? null} />
      </Form.Item>
      <Form.Item name="pictures" label={`更多图片（最多 ${R.casePicturesMax} 张）`}>
        <FileUploadList purpose="case" max={R.casePicturesMax} label="图片" known={editing?.pictures ?? []} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        {editing ? '保存修改' : '添加案例'}
      </Button>
    </Form>
  );
}

/** /personCenter/caseOut: the supplier's cases (Company/listCase, saveCase, editCase, deleteCase). */
export default function CaseOutPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useCaseList(page, PAGE_SIZE);
  const remove = useDeleteCase();
  const [editing, setEditing] = useState<CaseView | null | 'new'>(null);
  const caseList = data?.listItem ?? [];
  const full = (data?.total ?? 0) >= R.casesMax;

  async function onDelete(c: CaseView) {
    try {
      await remove.mutateAsync({ id: c.id });
      withFeedback((f) => f.message.success('案例已删除'));
    } catch (err) {
      handleError(err);
    }
  }

  return (
    <div>
      <div className="zl-showroom-head">
        <h1 className="zl-showroom-title">案例展示</h1>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={full}
          title={full ? `案例最多 ${R.casesMax} 个` : undefined}
          onClick={() => setEditing('new')}
        >
          添加案例
        </Button>
      </div>
      <p className="zl-show-muted">
        案例展示在您的展厅页上（最多 {R.casesMax} 个），参展商比价时可点您的名称查看。
      </p>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : caseList.length === 0 ? (
        <Empty description="还没有案例，添加第一个案例吧" />
      ) : (
        <ul className="zl-show-cases zl-caseout-list">
          {caseList.map((c) => (
            <li key={c.id} className="zl-caseout-item">
              <img src={c.faceimg.thumbUrl ?? c.faceimg.url} alt={c.title} loading="lazy" />
              <div className="zl-caseout-body">
                <b>{c.title}</b>
                <span className="zl-show-muted">{c.pictures.length + 1} 张图片</span>
              </div>
              <div className="zl-caseout-actions">
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(c)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除案例「${c.title}」？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => onDelete(c)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {(data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          className="zl-caseout-pager"
          current={page}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '添加案例' : '编辑案例'}
        footer={null}
        width={720}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null && (
          <CaseForm editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </div>
  );
}
