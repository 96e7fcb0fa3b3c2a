// Instagram only: the visitor's own session cookie for posts that need a signed-in view. Masked,
// kept in this page's memory only and sent with the post request, never stored.
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export function InstagramCookieField({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor="instagram-cookie">Instagram session cookie (optional)</Label>
      <Input
        id="instagram-cookie"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        disabled={disabled}
        placeholder="sessionid=..."
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="text-xs text-slate-600">
        Only needed for posts you can see when signed in. It stays on your device, is used only for this
        session and is not stored: it is sent with this post request only.
      </p>
    </div>
  );
}
