import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverExport, exportDoneText } from '../../../../../src-renderer/src/lib/export/deliver';
import { downloadText } from '../../../../../src-renderer/src/lib/export/download';

let clicked: { download: string; href: string; inPage: boolean }[];
let made: Blob[];
let revoked: string[];

beforeEach(() => {
  vi.useFakeTimers();
  clicked = [];
  made = [];
  revoked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(Object.create(URL), URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return `blob:file-${made.length}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href, inPage: document.body.contains(this) });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadText: the one way the page offers a file', () => {
  it('clicks a hidden link in the page, removes it, and frees the file once the download has started', async () => {
    downloadText('history.csv', 'a,b\n1,2\n');
    expect(clicked).toEqual([{ download: 'history.csv', href: 'blob:file-1', inPage: true }]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(made[0].type).toBe('text/csv;charset=utf-8');
    expect(await made[0].text()).toBe('a,b\n1,2\n');
    expect(revoked).toEqual([]);
    vi.runAllTimers();
    expect(revoked).toEqual(['blob:file-1']);
  });
});

describe('deliverExport', () => {
  const describeIt = (how: 'downloaded' | 'saved', where: string) => `${how} ${where}`;

  it('downloads a file the web shell returned, with its own type', () => {
    const message = deliverExport({ cancelled: false, fileName: 'fleet.geojson', mimeType: 'application/geo+json', content: '{}', count: 2 }, describeIt);
    expect(message).toBe('downloaded fleet.geojson');
    expect(clicked.map((c) => c.download)).toEqual(['fleet.geojson']);
    expect(made[0].type).toBe('application/geo+json');
  });

  it('only confirms a file Electron already saved, and says nothing when the user cancelled', () => {
    expect(deliverExport({ cancelled: false, fileName: '/home/d/fleet.csv', mimeType: 'text/csv', count: 2 }, describeIt)).toBe('saved /home/d/fleet.csv');
    expect(deliverExport({ cancelled: true, fileName: '', mimeType: 'text/csv', count: 0 }, describeIt)).toBeNull();
    expect(clicked).toEqual([]);
  });
});

describe('exportDoneText: the one confirmation sentence of every export', () => {
  it('says what was downloaded as which file, or saved to which path', () => {
    expect(exportDoneText('downloaded', 'fleet.csv', '12 assets')).toBe('Downloaded 12 assets as fleet.csv');
    expect(exportDoneText('saved', '/home/d/alerts.csv', '1 alert')).toBe('Saved 1 alert to /home/d/alerts.csv');
  });
});
