// Features show toasts through this one import: toast.error(title, { description }),
// toast.success(title, { description }). The <Toaster /> is mounted in app/providers.tsx.
export { toast } from 'sonner';
