import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { type PlayerImportFormat } from '../../../contract/player-imports.schema';
import {
  type PlayerImportField,
  playerImportColumns,
  playerImportFields,
} from '../../../contract/player-imports.columns';

/** The example row of the template: a minor with a guardian, every column filled. */
const example: Record<PlayerImportField, string> = {
  name: 'Sofía',
  lastname: 'Ramírez Gómez',
  document_type: 'TI',
  document_number: '1023456789',
  birth_date: '15/03/2013',
  gender: 'Femenino',
  phone: '3001234567',
  email: '',
  category: 'Sub-14',
  status: 'Activo',
  position: 'Delantera',
  dominant_foot: 'Derecho',
  jersey_number: '9',
  enrollment_date: '2025-01-20',
  payment_modality: 'Mensual',
  eps: 'Sura',
  blood_type: 'O+',
  allergies: '',
  emergency_contact_name: 'Carlos Ramírez',
  emergency_contact_phone: '3109876543',
  guardian_name: 'Marta Gómez',
  guardian_phone: '3201112233',
  guardian_email: 'marta.gomez@correo.com',
  guardian_relationship: 'Madre',
};

const headers = () => playerImportFields.map((field) => playerImportColumns[field].header);
const exampleRow = () => playerImportFields.map((field) => example[field]);

export interface TemplateFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The template: our Spanish headers and one example row, as CSV (UTF-8 with BOM) or .xlsx. */
export async function playerImportTemplate(format: PlayerImportFormat): Promise<TemplateFile> {
  if (format === 'csv') {
    const csv = Papa.unparse({ fields: headers(), data: [exampleRow()] }, { newline: '\r\n' });
    return {
      fileName: 'plantilla-jugadores.csv',
      contentType: 'text/csv; charset=utf-8',
      // The BOM makes Excel read the accents as UTF-8.
      bytes: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Jugadores');
  sheet.addRow(headers()).font = { bold: true };
  sheet.addRow(exampleRow());
  sheet.columns.forEach((column) => (column.width = 22));
  // Document numbers and dates stay text, so Excel neither drops leading zeros nor reformats them.
  sheet.columns.forEach((column) => (column.numFmt = '@'));
  return {
    fileName: 'plantilla-jugadores.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
