import { FleetError } from '../errors';
import type { HandlerGroup, PlatformHooks } from '../ports';

/** Said where the shell cannot write a PDF itself: the browser's own Print dialog saves one. */
export const PRINT_IN_BROWSER_MESSAGE = "Use your browser's Print to save a PDF.";

/** "Save as PDF…": the shell prints the app's page to a file the user picks; a browser prints it itself. */
export function createPrintHandlers(platform: Pick<PlatformHooks, 'printPdf'>): HandlerGroup<'print:pdf'> {
  return {
    'print:pdf': async (fileName) => {
      if (!platform.printPdf) throw new FleetError('invalid-argument', PRINT_IN_BROWSER_MESSAGE);
      return platform.printPdf(fileName);
    },
  };
}
