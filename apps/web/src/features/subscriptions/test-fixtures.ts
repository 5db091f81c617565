export { subscription } from '@/test/fixtures';
