"use client";

import { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import { useValidatedForm } from "@/components/auth/use-validated-form";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import type { CreatedApiKey } from "./api-key-types";

const KeyName = z.object({ name: z.string().trim().min(1, "Give the key a name").max(100, "At most 100 characters") });

/** Names and creates a key (POST /api/users/me/api-keys); the caller shows the full key once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const form = useValidatedForm({
    initialValues: { name: "" },
    schema: KeyName,
    onValid: async (input) => {
      onCreated(await apiFetch<CreatedApiKey>("/api/users/me/api-keys", { method: "POST", body: input }));
      form.reset();
    },
  });

  return (
    <Form label="Create an API key" onSubmit={form.onSubmit} error={form.formError}>
      <div className="flex flex-col gap-x-3 sm:flex-row sm:items-start">
        <TextField
          label="Key name"
          placeholder="e.g. production server"
          hint="A name to recognise the key by."
          className="sm:w-80"
          {...form.field("name")}
        />
        <Button type="submit" loading={form.submitting} className="sm:mt-7">
          Create key
        </Button>
      </div>
    </Form>
  );
}
