import { describe, expect, it, vi } from 'vitest';
import { createPrintHandlers, PRINT_IN_BROWSER_MESSAGE } from '../../../../src-main/core/handlers/print';
import { FleetError } from '../../../../src-main/core/errors';

describe('print:pdf', () => {
  it('hands the file name to the shell that can print to PDF, and answers with where it went', async () => {
    const printPdf = vi.fn(async (fileName: string) => ({ fileName: `/home/d/Downloads/${fileName}`, mimeType: 'application/pdf', count: 0 }));
    const handlers = createPrintHandlers({ printPdf });
    await expect(handlers['print:pdf']('utilization 2026-11-27.pdf')).resolves.toEqual({ fileName: '/home/d/Downloads/utilization 2026-11-27.pdf', mimeType: 'application/pdf', count: 0 });
    expect(printPdf).toHaveBeenCalledWith('utilization 2026-11-27.pdf');
  });

  it('tells the web shell’s user to use the browser’s Print, in words', async () => {
    const handlers = createPrintHandlers({});
    const failure = handlers['print:pdf']('utilization.pdf');
    await expect(failure).rejects.toBeInstanceOf(FleetError);
    await expect(failure).rejects.toThrow(PRINT_IN_BROWSER_MESSAGE);
    expect(PRINT_IN_BROWSER_MESSAGE).toBe("Use your browser's Print to save a PDF.");
  });
});
