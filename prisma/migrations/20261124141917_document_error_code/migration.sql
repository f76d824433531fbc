-- AlterTable
ALTER TABLE "batch_documents" ADD COLUMN     "errorCode" TEXT;
