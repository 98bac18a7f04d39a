import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUpload } from './file-upload.tsx';
import { precheckFile } from './upload-checks.ts';

/** A hand-driven XMLHttpRequest: the test decides when progress and the answer arrive. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.count++;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
// antd forms are slow to mount under jsdom on a shared 2-core box
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function pick(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input).not.toBeNull();
  fireEvent.change(input, { target: { files: [file] } });
}

function sized(name: string, type: string, size: number): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('FileUpload', () => {
  it('posts purpose then file, shows the upload percent, and reports the file id', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <FileUpload purpose="idcard" placeholder="身份证人像面" onChange={onChange} />,
    );
    pick(container, sized('front.jpg', 'image/jpeg', 200_000));

    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/File/upload');
    expect([...(xhr.body as FormData).keys()]).toEqual(['purpose', 'file']);
    expect((xhr.body as FormData).get('purpose')).toBe('idcard');

    act(() => xhr.progress(50_000, 200_000));
    expect(await screen.findByText('上传中 25%')).toBeTruthy();
    act(() => xhr.progress(150_000, 200_000));
    expect(screen.getByText('上传中 75%')).toBeTruthy();

    act(() =>
      xhr.respond(200, {
        success: true,
        errCode: 'success',
        data: { id: 'f_abc', url: '/files/f_abc', thumbUrl: '/files/f_abc/thumb', mime: 'image/jpeg' },
      }),
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('f_abc'));
    expect(screen.queryByText(/上传中/)).toBeNull();
  });

  it('refuses a file over 10 MB in Chinese without sending anything', async () => {
    const onChange = vi.fn();
    const { container } = render(<FileUpload purpose="license" onChange={onChange} />);
    pick(container, sized('licence.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('请上传不超过 10 MB 的文件');
    expect(FakeXhr.count).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (FILE_TYPE_NOT_ALLOWED) and keeps the value", async () => {
    const onChange = vi.fn();
    const { container } = render(<FileUpload purpose="avatar" onChange={onChange} />);
    pick(container, sized('me.png', 'image/png', 1000));
    await waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    act(() =>
      (FakeXhr.last as FakeXhr).respond(415, {
        success: false,
        errCode: 'FILE_TYPE_NOT_ALLOWED',
        errorMessage: '文件格式不支持，请上传 JPG、PNG、WebP 图片或 PDF',
        data: null,
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('文件格式不支持');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('previews the current value and removes it', () => {
    const onChange = vi.fn();
    render(
      <FileUpload
        purpose="contract"
        value="f_pdf"
        onChange={onChange}
        initialFile={{
          id: 'f_pdf',
          url: '/files/f_pdf',
          thumbUrl: null,
          mime: 'application/pdf',
          name: '合同.pdf',
        }}
      />,
    );
    expect(screen.getByText('合同.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /删除/ }));
    expect(onChange).toHaveBeenCalledWith('');
  });
});

describe('precheckFile', () => {
  it('allows PDFs only for documents', () => {
    expect(precheckFile({ name: 'a.pdf', type: 'application/pdf', size: 10 }, 'avatar')).toMatch(/仅支持/);
    expect(precheckFile({ name: 'a.pdf', type: 'application/pdf', size: 10 }, 'contract')).toBeNull();
    expect(precheckFile({ name: 'a.exe', type: '', size: 10 }, 'contract')).toMatch(/仅支持/);
    expect(precheckFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 }, 'idcard')).toBeNull();
  });
});
