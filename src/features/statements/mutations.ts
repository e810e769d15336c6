import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatementMapping } from '../../domain/bank-statements';
import {
  assignLine,
  confirmLines,
  importStatement,
  previewStatement,
  returnLine,
  saveMapping,
  OPERATOR_KEY,
} from './queries';

/** After any change the console's reads (lines, mappings, Today's counts) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [OPERATOR_KEY] });
}

/** Reads a file's columns and the remembered mapping; writes nothing. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: ({ bank, file }: { bank: string; file: File }) => previewStatement(bank, file),
  });
}

/** Imports a file, first saving the columns when the operator mapped them. */
export function useImportStatement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ bank, file, mapping }: { bank: string; file: File; mapping: StatementMapping | null }) => {
      if (mapping) await saveMapping(mapping);
      return importStatement(bank, file);
    },
    onSuccess: refresh,
  });
}

export function useConfirmLines() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (lineIds: string[]) => confirmLines(lineIds), onSuccess: refresh });
}

/** A waiting line assigned to an order (reference given) or returned to the payer. */
export function useResolveLine() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reference, note }: { id: string; reference: string | null; note: string }) =>
      reference === null ? returnLine(id, note) : assignLine(id, reference, note),
    onSuccess: refresh,
  });
}
