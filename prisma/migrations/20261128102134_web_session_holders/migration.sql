-- CreateTable
CREATE TABLE "web_session_holders" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "instanceUrl" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "web_session_holders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "web_session_holders_ownerId_expiresAt_idx" ON "web_session_holders"("ownerId", "expiresAt");

-- CreateIndex
CREATE INDEX "web_session_holders_instanceId_idx" ON "web_session_holders"("instanceId");
