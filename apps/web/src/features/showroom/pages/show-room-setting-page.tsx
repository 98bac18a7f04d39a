import CopyOutlined from '@ant-design/icons/CopyOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { SHOWROOM_RULES as R, type ShowroomProfile, showroomInfoSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { TextAreaItem } from '../../../components/text-area-item.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import '../showroom.css';
import { showroomUrl, useMyShowroom, useSaveShowroom } from '../api/my-showroom.ts';

interface Values {
  name: string;
  logo: string;
  banner: string;
  introduction: string;
  scale: string;
  founded: number | null;
  regions: string[];
  specialities: string[];
  contact: string;
}

const shape = showroomInfoSchema.shape;
const SCALES = ['10 人以下', '10–50 人', '50–100 人', '100–300 人', '300 人以上'];

const initialOf = (p: ShowroomProfile): Values => ({
  name: p.name,
  logo: p.logo?.id ?? '',
  banner: p.banner?.id ?? '',
  introduction: p.introduction,
  scale: p.scale,
  founded: p.founded,
  regions: p.regions,
  specialities: p.specialities,
  contact: p.contact,
});

async function copy(cardno: string) {
  try {
    await navigator.clipboard.writeText(showroomUrl(cardno));
    withFeedback((f) => f.message.success('分享链接已复制'));
  } catch {
    withFeedback((f) => f.message.warning(`复制失败，请手动复制：${showroomUrl(cardno)}`));
  }
}

function ShowroomForm({ profile }: { profile: ShowroomProfile }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveShowroom();

  async function onFinish(v: Values) {
    try {
      await save.mutateAsync({
        name: v.name.trim(),
        logo: v.logo ?? '',
        banner: v.banner ?? '',
        introduction: (v.introduction ?? '').trim(),
        scale: (v.scale ?? '').trim(),
        founded: v.founded ?? null,
        regions: v.regions ?? [],
        specialities: v.specialities ?? [],
        contact: (v.contact ?? '').trim(),
      });
      withFeedback((f) => f.message.success('展厅已保存'));
    } catch (err) {
      reportSubmitError(form, err);
    }
  }

  const half = { xs: 24, md: 12 } as const;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialOf(profile)}
      onFinish={onFinish}
      className="zl-showroom-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="logo" label="展厅标志" extra="方形图片，JPG/PNG/WebP">
            <FileUpload purpose="showroom" shape="avatar" placeholder="上传标志" initialFile={profile.logo} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="banner" label="横幅图片" extra="宽图（约 3:1），展厅页顶部展示">
            <FileUpload purpose="showroom" placeholder="上传横幅" initialFile={profile.banner} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="name" label="展厅名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={R.nameMax} placeholder="公司或品牌名称" />
      </Form.Item>
      <TextAreaItem
        name="introduction"
        label="公司简介"
        rules={[zodRule(shape.introduction, { optional: true })]}
        maxLength={R.introMax}
        rows={5}
        placeholder="公司历史、团队、工厂与设备、代表项目等"
      />
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="scale" label="公司规模" rules={[zodRule(shape.scale, { optional: true })]}>
            <Select
              allowClear
              options={SCALES.map((s) => ({ value: s, label: s }))}
              placeholder="选择人数规模"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="founded" label="成立年份" rules={[zodRule(shape.founded, { optional: true })]}>
            <InputNumber
              min={R.foundedMin}
              max={new Date().getFullYear()}
              precision={0}
              style={{ width: '100%' }}
              placeholder="如 2012"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="regions"
            label="服务地区"
            extra={`输入后回车，最多 ${R.regionsMax} 项`}
            rules={[zodRule(shape.regions, { optional: true })]}
          >
            <Select
              mode="tags"
              maxCount={R.regionsMax}
              tokenSeparators={[',', '，', ' ']}
              placeholder="如 上海、江苏"
              open={false}
              suffixIcon={null}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="specialities"
            label="擅长领域"
            extra={`输入后回车，最多 ${R.specialitiesMax} 项`}
            rules={[zodRule(shape.specialities, { optional: true })]}
          >
            <Select
              mode="tags"
              maxCount={R.specialitiesMax}
              tokenSeparators={[',', '，']}
              placeholder="如 特装展台、木结构"
              open={false}
              suffixIcon={null}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="contact"
        label="公开联系方式"
        extra="展示在展厅页上，所有人可见"
        rules={[zodRule(shape.contact, { optional: true })]}
      >
        <Input maxLength={R.contactMax} placeholder="如 王经理 021-5555 0000" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存展厅
      </Button>
    </Form>
  );
}

/** /personCenter/showRoomSetting: Company/cmpyInfo and Company/saveInfo (docs/showroom.md). */
export default function ShowRoomSettingPage() {
  const { data } = useMyShowroom();
  return (
    <div>
      <div className="zl-showroom-head">
        <h1 className="zl-showroom-title">展厅设置</h1>
        {data && (
          <Space wrap>
            <a href={`/show?id=${data.cardno}`} target="_blank" rel="noopener noreferrer">
              <Button icon={<EyeOutlined />}>查看我的展厅</Button>
            </a>
            <Button icon={<CopyOutlined />} onClick={() => void copy(data.cardno)}>
              复制分享链接
            </Button>
          </Space>
        )}
      </div>
      {data ? <ShowroomForm profile={data} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </div>
  );
}
