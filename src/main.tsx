/** The entry point: the router, the app's styles, and (in production) the service worker. */
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { catchInstallPrompt } from './app/install-prompt'
import { registerServiceWorker } from './app/pwa-register'
import { createAppRouter } from './app/router'
import './index.css'

catchInstallPrompt()
const router = createAppRouter()
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)

void registerServiceWorker()
