-- AlterTable
ALTER TABLE "batch_documents" ADD COLUMN     "tokensReserved" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "tokensReserved" INTEGER NOT NULL DEFAULT 0;
