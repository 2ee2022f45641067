import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { initErrorReporting } from "./services/errors/report";
import { activateLocaleOfPath, i18n } from "./services/i18n/catalogs";
import { createAppRouter, createQueryClient } from "./router";

void initErrorReporting();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Lingui's provider renders nothing until a locale is active, and the router starts loading only once
// rendered: the first page's catalog is activated before anything renders.
await activateLocaleOfPath(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const root = createRoot(container);
// A transition renders in slices that yield to the browser between them, so the first render does not
// block input for its whole length.
startTransition(() => {
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
});
