-- AlterTable
ALTER TABLE "pages" ALTER COLUMN "boundingBoxes" SET DATA TYPE JSON,
ALTER COLUMN "structuredData" SET DATA TYPE JSON;
