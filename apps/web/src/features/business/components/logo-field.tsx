import { IconBuildingStore } from '@tabler/icons-react';
import { ImagePicker } from '@/components/form/image-picker';

interface LogoFieldProps {
  previewUrl: string | null;
  uploading: boolean;
  error: string | null;
  onPick: (file: File | null) => void;
  disabled?: boolean;
}

/** The business logo: preview, picker, the recommendation and any error. */
export function LogoField(props: LogoFieldProps) {
  return (
    <ImagePicker
      title="Business Logo"
      previewAlt="Business logo preview"
      placeholder={<IconBuildingStore size={32} aria-hidden />}
      radius="md"
      inputLabel="Business logo"
      buttonLabel={props.previewUrl ? 'Change Logo' : 'Upload Logo'}
      hint="Recommended: 200x200px, PNG, JPG or GIF, less than 5MB."
      {...props}
    />
  );
}
