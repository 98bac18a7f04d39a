import { SEXES, sexLabels, type UpdateBaseInfoInput, type UserInfo, updateBaseInfoSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import dayjs, { type Dayjs } from 'dayjs';
import { fromRegion, RegionCascader, toRegion } from '../../../components/region-cascader.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportFormError } from '../../../lib/form-errors.ts';
import { useUserInfo } from '../../../lib/user-info.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useUpdateBaseInfo } from '../api/update-base-info.ts';
import { avatarIdOf } from '../lib/profile.ts';
import '../member.css';
import { PastDatePicker } from '../../../components/past-date-picker.tsx';
import { TextAreaItem } from '../../../components/text-area-item.tsx';

interface BaseValues {
  userlogo: string;
  nickname: string;
  company: string;
  myjob: string;
  birth: Dayjs | null;
  sex: 0 | 1 | 2;
  qqnum: string;
  email: string;
  region: string[];
  addr: string;
  descr: string;
}

const shape = updateBaseInfoSchema.shape;
const RENAME = { prov: 'region', city: 'region', strt: 'region' };

function initialOf(u: UserInfo): BaseValues {
  return {
    userlogo: avatarIdOf(u.userlogo),
    nickname: u.nickname,
    company: u.company,
    myjob: u.myjob,
    birth: u.birth ? dayjs(u.birth) : null,
    sex: (u.sex === 1 || u.sex === 2 ? u.sex : 0) as 0 | 1 | 2,
    qqnum: u.qqnum,
    email: u.email,
    region: toRegion(u.prov, u.city, u.strt),
    addr: u.addr,
    descr: u.descr,
  };
}

function BasicForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<BaseValues>();
  const save = useUpdateBaseInfo();
  const initial = initialOf(user);

  async function onFinish(v: BaseValues) {
    const [prov, city, strt] = fromRegion(v.region);
    const body: UpdateBaseInfoInput = {
      nickname: v.nickname.trim(),
      company: (v.company ?? '').trim(),
      myjob: (v.myjob ?? '').trim(),
      birth: v.birth ? v.birth.format('YYYY-MM-DD') : '',
      sex: v.sex,
      qqnum: (v.qqnum ?? '').trim(),
      email: (v.email ?? '').trim(),
      prov,
      city,
      strt,
      addr: (v.addr ?? '').trim(),
      descr: (v.descr ?? '').trim(),
    };
    // the avatar goes only when it changed: the stored one is known by URL, not re-sent by id
    if (v.userlogo !== initial.userlogo) body.userlogo = v.userlogo ?? '';
    try {
      await save.mutateAsync(body);
      withFeedback((f) => f.message.success('基本资料已保存'));
    } catch (err) {
      reportFormError(form, err, {}, RENAME);
    }
  }

  const half = { xs: 24, md: 12 } as const;
  return (
    <Form<BaseValues>
      form={form}
      requiredMark={false}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      className="zl-member-form"
    >
      <Form.Item name="userlogo" label="头像" extra="JPG/PNG/WebP，不超过 10 MB，保存后生效">
        <FileUpload
          purpose="avatar"
          shape="avatar"
          placeholder="上传头像"
          initialFile={
            user.userlogo ? { id: initial.userlogo, url: user.userlogo, thumbUrl: user.userlogo } : null
          }
        />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="nickname" label="昵称" rules={[zodRule(shape.nickname)]}>
            <Input maxLength={20} placeholder="展示给参展商的名称" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="sex" label="性别">
            <Radio.Group options={SEXES.map((s) => ({ value: s, label: sexLabels[s] }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="company" label="公司" rules={[zodRule(shape.company, { optional: true })]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="myjob" label="职位" rules={[zodRule(shape.myjob, { optional: true })]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="birth" label="出生日期">
            <PastDatePicker />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="qqnum" label="QQ" rules={[zodRule(shape.qqnum, { optional: true })]}>
            <Input maxLength={12} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="email" label="邮箱" rules={[zodRule(shape.email, { optional: true })]}>
            <Input maxLength={100} type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="region" label="所在地区">
            <RegionCascader />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="addr" label="详细地址" rules={[zodRule(shape.addr, { optional: true })]}>
        <Input maxLength={200} placeholder="街道、门牌号" />
      </Form.Item>
      <TextAreaItem
        name="descr"
        label="个人简介"
        rules={[zodRule(shape.descr, { optional: true })]}
        maxLength={500}
        rows={4}
        placeholder="擅长的展台类型、服务城市、从业经历等"
      />
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}

/** /personCenter/basicSetting: Member/updateBaseInfo. */
export default function BasicSettingPage() {
  const { data } = useUserInfo();
  return (
    <div>
      <h1 className="zl-member-title">基本资料</h1>
      {data ? <BasicForm user={data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </div>
  );
}
