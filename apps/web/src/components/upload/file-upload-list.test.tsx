import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUploadList } from './file-upload-list.tsx';

/** Every XMLHttpRequest made, answered by the test. */
class FakeXhr {
  static all: FakeXhr[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  body: FormData | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(id: string) {
    this.status = 200;
    this.responseText = JSON.stringify({
      success: true,
      errCode: 'success',
      data: { id, url: `/files/${id}`, thumbUrl: `/files/${id}/thumb`, mime: 'image/png' },
    });
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

function Harness({ max, initial = [] }: { max: number; initial?: string[] }) {
  const [ids, setIds] = useState<string[]>(initial);
  return (
    <>
      <FileUploadList purpose="project" max={max} label="参考图" value={ids} onChange={setIds} />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

function pickMany(container: HTMLElement, files: File[]) {
  const inputs = container.querySelectorAll('input[type="file"]');
  const input = inputs[inputs.length - 1] as HTMLInputElement;
  expect(input.multiple).toBe(true);
  fireEvent.change(input, { target: { files } });
}

describe('FileUploadList: several pictures at once', () => {
  it('picks three files in one go: three uploads, all three ids kept however they finish', async () => {
    const { container } = render(<Harness max={9} />);
    pickMany(container, [png('a.png'), png('b.png'), png('c.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    // answers in another order, in one batch: none may be lost
    act(() => {
      FakeXhr.all[2]!.respond('f_c');
      FakeXhr.all[0]!.respond('f_a');
      FakeXhr.all[1]!.respond('f_b');
    });
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('f_c,f_a,f_b'));
  });

  it('more than the room left: the first ones are uploaded and a message says how many were not', async () => {
    const { container } = render(<Harness max={3} initial={['f_old']} />);
    pickMany(container, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toBe(
      '参考图最多 3 个，本次选了 4 个，只上传了前 2 个（多出的 2 个未上传）',
    );
    act(() => {
      FakeXhr.all[0]!.respond('f_1');
      FakeXhr.all[1]!.respond('f_2');
    });
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('f_old,f_1,f_2'));
    // full: no empty box to pick more
    expect(screen.queryByRole('button', { name: '继续上传' })).toBeNull();
  });

  it('a file that fails the pre-checks is named, the others still go', async () => {
    const { container } = render(<Harness max={9} />);
    pickMany(container, [png('ok.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toContain('notes.txt');
  });
});
