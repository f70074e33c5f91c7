import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { CloudUploadIcon as CloudUpload, CloseIcon as Close } from '../../../ui/admin/icons';
import { LIMITS } from '@app/shared/constants';
import { MSG, imageRefused } from '@app/shared/messages';
import { formatMegabytes } from './format';
import { ImageWordsFields } from './image-words-fields';

/** A file chosen for upload with the words it will be published with. */
export interface ChosenImage {
  file: File;
  alt: string;
  caption: string;
}

/** 'team-photo_2024.jpg' → 'team photo 2024': a starting point the editor is asked to improve. */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.shortText);
}

/**
 * Why a chosen file cannot be uploaded, or undefined when it can. The type the browser reports
 * is checked first, then the content is decoded: a text file renamed to .png is refused here,
 * before the editor fills the rest of the form (the server decodes again and refuses it too).
 */
async function refusal(file: File): Promise<string | undefined> {
  if (!file.type.startsWith('image/')) return imageRefused(file.name, MSG.imageNotChosenType);
  if (file.size > LIMITS.imageBytes) return imageRefused(file.name, MSG.imageTooLarge);
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return undefined;
  } catch {
    return imageRefused(file.name, MSG.imageNotAnImage);
  }
}

/** A preview of a chosen file (decoded already when it was chosen). */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  const box = { width: 96, height: 72, borderRadius: 1, bgcolor: 'grey.100', flexShrink: 0 };
  return url ? (
    <Box component="img" src={url} alt={`Preview of ${file.name}`} sx={{ ...box, objectFit: 'cover' }} />
  ) : (
    <Box sx={box} />
  );
}

/**
 * Choosing images to upload (several, images only): each choice adds to the selection, which is
 * listed with names, sizes in MB and previews, and asks for each image's alt text (prefilled from
 * the file name) and an optional caption; a file can be taken out again. A file that is not an
 * image is left out with a message naming it.
 */
export function ImagePicker({
  label,
  images,
  onChange,
}: {
  label: string;
  images: ChosenImage[];
  onChange: (images: ChosenImage[]) => void;
}) {
  const [refused, setRefused] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);

  const choose = async (chosen: File[]) => {
    setChecking(true);
    const reasons = await Promise.all(chosen.map(refusal));
    setChecking(false);
    setRefused(reasons.filter((r): r is string => !!r));
    const accepted = chosen.filter((_, i) => !reasons[i]);
    if (accepted.length)
      onChange([...images, ...accepted.map((file) => ({ file, alt: altFromFileName(file.name), caption: '' }))]);
  };

  return (
    <Box>
      <Button component="label" variant="outlined" startIcon={<CloudUpload />} disabled={checking}>
        {label}
        <input
          hidden
          type="file"
          multiple
          accept="image/*"
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            // Cleared so choosing the same file again still fires a change.
            e.target.value = '';
            if (chosen.length) void choose(chosen);
          }}
        />
      </Button>
      {refused.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setRefused([])}>
          {refused.length === 1 ? 'This file was not added:' : 'These files were not added:'}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refused.map((r) => (
              <li key={r} style={{ overflowWrap: 'anywhere' }}>
                {r}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {images.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No images selected yet.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Selected images"
          sx={{ listStyle: 'none', p: 0, mt: 1, mb: 0, display: 'grid', gap: 2 }}
        >
          {images.map((image, i) => (
            <Box
              component="li"
              key={`${image.file.name}-${image.file.size}-${image.file.lastModified}-${i}`}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
            >
              <Preview file={image.file} />
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                    {image.file.name} ({formatMegabytes(image.file.size)})
                  </Typography>
                  <IconButton
                    aria-label={`Remove ${image.file.name}`}
                    onClick={() => onChange(images.filter((_, j) => j !== i))}
                  >
                    <Close />
                  </IconButton>
                </Box>
                <ImageWordsFields
                  name={image.file.name}
                  words={image}
                  onChange={(words) => onChange(images.map((im, j) => (j === i ? { ...im, ...words } : im)))}
                />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
