import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../dialogs/confirm-dialog.tsx';
import { toastFailure } from '../toasts.ts';
import { downloadBlob, toCsv, toXlsx } from './table-export.ts';

export type ExportButtonsProps = {
  /** The file name without extension. */
  fileName: string;
  /** What the screen shows right now, as text (header row first). */
  table: () => string[][];
  isDisabled: boolean;
};

/** CSV and Excel download of what the list shows; Excel first warns about the load (SPEC §8). */
export function ExportButtons({ fileName, table, isDisabled }: ExportButtonsProps) {
  const { t } = useTranslation('kit');
  const [isExporting, setExporting] = useState(false);
  const exportCsv = () => {
    downloadBlob(new Blob([toCsv(table())], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  };
  const exportExcel = async () => {
    const isConfirmed = await confirmAction({
      title: t('export.excelTitle'),
      message: t('export.excelWarning'),
      confirmLabel: t('export.excelProceed'),
    });
    if (!isConfirmed) return;
    setExporting(true);
    try {
      downloadBlob(await toXlsx(table()), `${fileName}.xlsx`);
    } catch (error) {
      toastFailure(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" disabled={isDisabled} onClick={exportCsv}>
        {t('export.csv')}
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={isDisabled}
        loading={isExporting}
        onClick={() => void exportExcel()}
      >
        {t('export.excel')}
      </Button>
    </Group>
  );
}
