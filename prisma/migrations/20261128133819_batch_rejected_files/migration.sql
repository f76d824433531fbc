-- AlterTable
ALTER TABLE "batches" ADD COLUMN     "rejectedFiles" JSONB NOT NULL DEFAULT '[]';
