import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail as Project } from '@zl/shared';
import { PROJECT_GROUPS } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DraftNotice } from '../../../components/draft-notice.tsx';
import { useFormDraft } from '../../../lib/form-draft.ts';
import { customerKeys } from '../../../lib/query-keys.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { projectInfoQuery } from '../api/project-info.ts';
import { projectSave } from '../api/project-save.ts';
import { PublishForm } from '../components/publish-form.tsx';
import {
  EMPTY_VALUES,
  fromProject,
  PUBLISH_DRAFT,
  type PublishValues,
  toSaveBody,
} from '../lib/publish-values.ts';
import { schemaIssues } from '../lib/rules.ts';
import { fieldPath, reportSaveError } from '../lib/save-errors.ts';
import { projectActions } from '../lib/status.tsx';

/** 发布项目 / 编辑项目 (?id=): every field of docs/marketplace.md; a rejected one is resubmitted. */
export default function PublishPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data: project, isPending, error } = useQuery(projectInfoQuery(id));
  const [done, setDone] = useState<Project | null>(null);

  if (done) return <Published project={done} again={() => setDone(null)} />;
  if (id && isPending) return <Skeleton active paragraph={{ rows: 12 }} className="zl-panel" />;
  if (id && (error || !project)) {
    return (
      <Result status="404" title="项目不存在" extra={<Link to="/customer/projects">返回我的项目</Link>} />
    );
  }
  if (project && !projectActions(project).edit) {
    return (
      <Result
        status="info"
        title="这个项目现在不能修改"
        subTitle={`项目「${project.title}」的状态是${project.statusText}，只有待审核或被驳回的项目可以修改。`}
        extra={<Link to={`/customer/project?id=${project.id}`}>查看项目</Link>}
      />
    );
  }
  return <Editor key={project?.id ?? 'new'} project={project ?? null} onDone={setDone} />;
}

function Editor({ project, onDone }: { project: Project | null; onDone: (p: Project) => void }) {
  const [form] = Form.useForm<PublishValues>();
  const once = useSubmitOnce();
  const submission = useSubmission();
  // what was typed survives back, reload and a click away (docs/web.md § Drafts of long forms)
  const draft = useFormDraft<PublishValues>({
    form,
    name: `publish.${project?.id ?? 'new'}`,
    codec: PUBLISH_DRAFT,
    reset: () => form.resetFields(),
  });
  const qc = useQueryClient();
  const rejected = project ? projectActions(project).rejected : false;

  const submit = (values: PublishValues) => once.run(() => save(values));

  async function save(values: PublishValues) {
    const body = toSaveBody(values, project?.id);
    // the shared schema's cross-field rules (dates, deadline, region) before the round trip
    const issues = schemaIssues(body);
    if (issues.length > 0) {
      const at = (path: string) => fieldPath(path, { fullPrepay: values.payMode === 'full' });
      form.setFields(issues.map((i) => ({ name: at(i.path) as never, errors: [i.message] })));
      const first = issues[0];
      if (first) form.scrollToField(at(first.path), { block: 'center' });
      return;
    }
    try {
      const saved = await projectSave(body, submission);
      draft.clear();
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
      qc.setQueryData(customerKeys.project(saved.id), saved);
      onDone(saved);
    } catch (e) {
      const first = reportSaveError(form, e);
      if (first) form.scrollToField(first, { block: 'center' });
    }
  }

  return (
    <div className="zl-cust-publish">
      <div className="zl-cust-head">
        <h1>{project ? (rejected ? '修改并重新提交' : '编辑项目') : '发布项目'}</h1>
        {project && <span className="zl-cust-muted">项目编号 {project.orders}</span>}
      </div>
      {rejected && (
        <Alert
          type="error"
          showIcon
          className="zl-cust-alert"
          title="项目未通过审核"
          description={`驳回原因：${project?.reason || '—'}。请按原因修改后重新提交审核。`}
        />
      )}
      {!project && (
        <Alert
          type="info"
          showIcon
          className="zl-cust-alert"
          title="提交后平台会在 1 个工作日内审核，通过后项目进入项目大厅，供应商即可报价。"
        />
      )}
      <DraftNotice at={draft.restoredAt} onDiscard={draft.discard} />
      <PublishForm
        form={form}
        onValuesChange={draft.onValuesChange}
        initialValues={project ? fromProject(project) : EMPTY_VALUES}
        knownPictures={project?.picture ?? []}
        attachName={project?.attachname ?? ''}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name;
          if (first) form.scrollToField(first, { block: 'center' });
        }}
        footer={
          <div className="zl-cust-submit">
            <Link to="/customer/projects">
              <Button>取消</Button>
            </Link>
            <Button type="primary" htmlType="submit" loading={once.busy} size="large">
              {rejected ? '重新提交审核' : project ? '保存修改' : '提交审核'}
            </Button>
          </div>
        }
      />
    </div>
  );
}

function Published({ project, again }: { project: Project; again: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="zl-panel">
      <Result
        status="success"
        title="项目已提交审核"
        subTitle={`「${project.title}」（${project.orders}，${PROJECT_GROUPS[project.groupid as keyof typeof PROJECT_GROUPS] ?? ''}）审核通过后将进入项目大厅。`}
        extra={[
          <Button type="primary" key="list" onClick={() => void navigate('/customer/projects')}>
            查看我的项目
          </Button>,
          <Button
            key="again"
            onClick={() => {
              again();
              void navigate('/customer/publish');
            }}
          >
            再发布一个
          </Button>,
        ]}
      />
    </div>
  );
}
