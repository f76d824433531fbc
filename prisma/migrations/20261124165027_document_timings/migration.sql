-- AlterTable
ALTER TABLE "batch_documents" ADD COLUMN     "timings" JSONB;
