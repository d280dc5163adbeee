# The API and the worker share this image; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 4000
CMD ["node", "server/dist/main.js"]
