import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AuthInfo, PersonAuthInfo } from '@zl/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { BusinessAuthForm } from './business-auth-form.tsx';
import { PersonAuthForm } from './person-auth-form.tsx';

const FRONT = 'AAAAAAAAAAAAAAAAAAAAAA';
const BACK = 'BBBBBBBBBBBBBBBBBBBBBB';
const LICENCE = 'CCCCCCCCCCCCCCCCCCCCCC';
const ref = (id: string) => ({ id, url: `/files/${id}`, thumbUrl: `/files/${id}/thumb` });

const VALID_CODE = '91350100M000100Y43';
const INVALID_CODE = '91350100M000100Y44';

/** A rejected record: the form comes back pre-filled for correction. */
const AUTH_INFO: AuthInfo = {
  cardno: '10000001',
  name: '张三',
  mobile: '13800000001',
  tlphone: '',
  cardfrt: ref(FRONT),
  cardrvs: ref(BACK),
  bstype: '有限责任公司',
  btitle: '福州展览工厂有限公司',
  bcerts: ref(LICENCE),
  bdate: '2015-06-01',
  bprov: '福建省',
  bcity: '福州市',
  bstrt: '鼓楼区',
  receipt: '',
  fultitle: '',
  taxorder: INVALID_CODE,
  bkname: '招商银行福州分行',
  bkorder: '6225880112345678',
  mprov: '',
  mcity: '',
  mstrt: '',
  maddr: '',
  dates: '2026-11-20',
  times: '10:00:00',
  checked: 2,
  businsauth: 2,
  reason: '信用代码与执照不符',
};

function wrap(ui: ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

function calls(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([u]) => String(u).endsWith(path)) as Array<[string, RequestInit]>;
}

beforeEach(() => {
  stubMatchMedia();
  fakeFeedback();
});
// antd forms are slow to mount under jsdom on a shared 2-core box
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

describe('business verification form', () => {
  it('shows the credit-code error in the field for a wrong code and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', null)));
    wrap(<BusinessAuthForm record={AUTH_INFO} />);
    fireEvent.click(screen.getByRole('button', { name: /重新提交审核/ }));
    expect(await screen.findByText('统一社会信用代码不正确，请核对')).toBeTruthy();
    const input = screen.getByLabelText('统一社会信用代码');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock, 'Member/businesAuth')).toHaveLength(0);
  });

  it('submits once the code is valid, with the seed field names', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', null)));
    wrap(<BusinessAuthForm record={AUTH_INFO} />);
    fireEvent.change(screen.getByLabelText('统一社会信用代码'), {
      target: { value: VALID_CODE.toLowerCase() },
    });
    fireEvent.click(screen.getByRole('button', { name: /重新提交审核/ }));
    await waitFor(() => expect(calls(fetchMock, 'Member/businesAuth')).toHaveLength(1));
    expect(screen.queryByText('统一社会信用代码不正确，请核对')).toBeNull();
    const body = JSON.parse(String(calls(fetchMock, 'Member/businesAuth')[0]?.[1].body));
    expect(body).toMatchObject({
      taxorder: VALID_CODE,
      btitle: '福州展览工厂有限公司',
      bstype: '有限责任公司',
      bcerts: LICENCE,
      cardfrt: FRONT,
      cardrvs: BACK,
      bprov: '福建省',
      bcity: '福州市',
      bstrt: '鼓楼区',
      bdate: '2015-06-01',
      bkorder: '6225880112345678',
    });
  });

  it("puts the server's field errors on the fields (bprov → the region control)", async () => {
    mockFetch(() =>
      jsonResponse(
        envelope('VALIDATION_FAILED', {
          fields: { bkorder: '银行账号为 12–30 位数字', bprov: '注册地区不正确，请重新选择' },
        }),
        400,
      ),
    );
    wrap(<BusinessAuthForm record={{ ...AUTH_INFO, taxorder: VALID_CODE }} />);
    fireEvent.click(screen.getByRole('button', { name: /重新提交审核/ }));
    expect(await screen.findByText('银行账号为 12–30 位数字')).toBeTruthy();
    expect(screen.getByText('注册地区不正确，请重新选择')).toBeTruthy();
  });
});

describe('personal verification form', () => {
  const record: PersonAuthInfo = {
    realname: '王小明',
    idcard: '11010519491231002Y',
    cardfrt: ref(FRONT),
    cardrvs: ref(BACK),
    checked: 2,
    personauth: 2,
    reason: '照片模糊',
    dates: '2026-11-20',
    times: '10:00:00',
  };

  it('refuses a wrong ID check character in the field, then submits the valid number', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', null)));
    wrap(<PersonAuthForm record={record} />);
    fireEvent.click(screen.getByRole('button', { name: /重新提交审核/ }));
    expect(await screen.findByText('身份证号码不正确，请核对')).toBeTruthy();
    expect(calls(fetchMock, 'Member/personAuth')).toHaveLength(0);

    const input = screen.getByLabelText('身份证号码');
    fireEvent.change(input, { target: { value: '11010519491231002x' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /重新提交审核/ }));
    await waitFor(() => expect(calls(fetchMock, 'Member/personAuth')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, 'Member/personAuth')[0]?.[1].body));
    expect(body).toEqual({ realname: '王小明', idcard: '11010519491231002X', cardfrt: FRONT, cardrvs: BACK });
  });

  it('a pending record is shown read-only, without a submit button', () => {
    wrap(<PersonAuthForm record={{ ...record, checked: 0 }} readOnly />);
    expect(screen.queryByRole('button', { name: /提交审核/ })).toBeNull();
    expect((screen.getByLabelText('真实姓名') as HTMLInputElement).disabled).toBe(true);
  });
});
