import type { Database } from "#server/db/client.server";
import type { ImportProgress } from "~/lib/catalogue-import";
import type { Actor } from "../admin/record-admin-action.server";
import { exportCatalogue, type ExportFormat } from "./export-catalogue.server";
import { importCatalogue, type ImportFile } from "./import-catalogue.server";
import { listImportJobs } from "./list-import-jobs.server";

/** Importing and exporting the whole catalogue as JSON or CSV files. */
export function createImportExportServices({ db }: { db: Database }) {
  return {
    importCatalogue: (
      actor: Actor,
      file: ImportFile,
      options: { dryRun: boolean; onProgress?: (progress: ImportProgress) => void },
    ) => importCatalogue(db, actor, file, options),
    listImportJobs: () => listImportJobs(db),
    exportCatalogue: (format: ExportFormat) => exportCatalogue(db, format),
  };
}
