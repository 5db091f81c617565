// Mantine's whole stylesheet (in its `mantine` layer, so the order it arrives in never matters):
// loaded with every page but sign-in, whose few components' styles come with the first script
// (boot.ts).
import '@mantine/core/styles.layer.css';
